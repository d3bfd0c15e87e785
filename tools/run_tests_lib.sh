# Helpers of run_tests.sh, sourced by it and by the runner's own tests (tools/tests/runner.rs).
# They read the globals `passed`, `failed`, `timeout_setting`, `default_limit` and the colours.

# Checks the TIMEOUT setting: a non-negative number of seconds (0: the default).
valid_timeout() { # valid_timeout VALUE
    [[ "$1" =~ ^[0-9]+([.][0-9]+)?$ ]]
}

ms_now() { date +%s%3N; }

verdict() { # verdict CODE NAME MS [DETAIL]
    local colour=$red
    if [ "$1" = AC ]; then colour=$green; passed=$((passed + 1)); else failed=$((failed + 1)); fi
    printf '%s%-3s%s %-48s %6s ms%s\n' "$colour" "$1" "$reset" "$2" "$3" "${4:+  $4}"
}

# The first line where two outputs differ, carriage returns and a missing final newline
# forgiven: `line N: expected "A" got "B"`, with (nothing) past the end of either.
first_difference() { # first_difference EXPECTED GOT
    awk '
        function clean(s) { sub(/\r$/, "", s); return s }
        BEGIN {
            n = 1
            while (1) {
                a = (getline want < ARGV[1]) > 0
                b = (getline have < ARGV[2]) > 0
                if (!a && !b) { print "no difference"; exit }
                w = a ? "\"" substr(clean(want), 1, 40) "\"" : "(nothing)"
                h = b ? "\"" substr(clean(have), 1, 40) "\"" : "(nothing)"
                if (!a || !b || clean(want) != clean(have)) {
                    printf "line %d: expected %s got %s\n", n, w, h
                    exit
                }
                n++
            }
        }' "$1" "$2"
}

# Whether two outputs agree, carriage returns and a missing final newline forgiven.
same_output() { # same_output EXPECTED GOT
    [ "$(first_difference "$1" "$2")" = "no difference" ]
}

run_case() { # run_case LABEL INPUT EXPECTED LIMIT COMMAND...
    local label=$1 input=$2 expected=$3 limit=$4
    shift 4
    if [ ! -e "$expected" ]; then
        verdict WA "$label" 0 "no expected output: $expected is missing"
        return
    fi
    local got err start ms status
    got=$(mktemp) err=$(mktemp)
    start=$(ms_now)
    timeout "$limit" "$@" <"$input" >"$got" 2>"$err"
    status=$?
    ms=$(($(ms_now) - start))
    if [ "$status" -eq 124 ]; then
        verdict TLE "$label" "$ms" "over ${limit} s"
    elif [ "$status" -ne 0 ]; then
        verdict RE "$label" "$ms" "exit $status: $(head -c 120 "$err" | head -n 1)"
    elif same_output "$expected" "$got"; then
        verdict AC "$label" "$ms"
    else
        verdict WA "$label" "$ms" "$(first_difference "$expected" "$got")"
    fi
    rm -f "$got" "$err"
}

# A problem's declared `//! - KEY: value`.
declared() { # declared NAME KEY
    sed -n "s/^\/\/! - $2: *//p" "problems/$1.rs" | head -n 1
}

# The per-case limit of problem NAME: TIMEOUT if set (and not 0), else its declared time limit,
# else the default.
time_limit() { # time_limit NAME
    if [ "$timeout_setting" != 0 ] && [ "$timeout_setting" != 0.0 ]; then
        echo "$timeout_setting"
        return
    fi
    local declared_limit
    declared_limit=$(declared "$1" 'time limit' | sed 's/ *s$//')
    if [[ "$declared_limit" =~ ^[0-9]+([.][0-9]+)?$ ]]; then echo "$declared_limit"; else echo "$default_limit"; fi
}

# Where cargo puts binaries: CARGO_TARGET_DIR, a config file, or ./target.
cargo_target_dir() {
    local dir
    dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
    echo "${dir:-target}"
}
