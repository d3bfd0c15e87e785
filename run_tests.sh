#!/usr/bin/env bash
# The regression runner: builds once, runs `cargo test`, then every problem binary on every
# testcases/<binary>/*.in, then the judge bundles (bundled, compiled with plain rustc, run on the
# same cases). One verdict line per case; the last line is `N passed, M failed`.
#
# Usage: ./run_tests.sh [NAME]      only problem NAME's cases (cargo test still runs)
# Environment: TIMEOUT   per-case limit in seconds (default 10)
#              NO_BUNDLE=1          skip the bundle stage
set -u
cd "$(dirname "$0")" || exit 2

only="${1:-}"
limit="${TIMEOUT:-10}"
passed=0
failed=0

if [ -t 1 ]; then
    green=$'\e[32m' red=$'\e[31m' bold=$'\e[1m' reset=$'\e[0m'
else
    green='' red='' bold='' reset=''
fi

ms_now() { date +%s%3N; }

verdict() { # verdict CODE NAME MS [DETAIL]
    local colour=$red
    if [ "$1" = AC ]; then colour=$green; passed=$((passed + 1)); else failed=$((failed + 1)); fi
    printf '%s%-3s%s %-44s %6s ms%s\n' "$colour" "$1" "$reset" "$2" "$3" "${4:+  $4}"
}

# Normalised text of a file: no \r, no trailing newline, so only a missing final newline and
# carriage returns are forgiven.
normalise() { tr -d '\r' <"$1" | sed -e '$a\'; }

first_difference() { # first_difference EXPECTED GOT
    diff <(normalise "$1") <(normalise "$2") | awk '
        /^[0-9]/ && !where { where = $0; next }
        /^</ && !seen_want { want = substr($0, 3); seen_want = 1 }
        /^>/ && !seen_have { have = substr($0, 3); seen_have = 1 }
        END {
            split(where, at, /[acd]/)
            if (!seen_want) want = "(nothing)"
            if (!seen_have) have = "(nothing)"
            printf "line %s: expected \"%.40s\" got \"%.40s\"", at[1], want, have
        }'
}

run_case() { # run_case LABEL INPUT EXPECTED COMMAND...
    local label=$1 input=$2 expected=$3
    shift 3
    local got err start end ms status
    got=$(mktemp) err=$(mktemp)
    start=$(ms_now)
    timeout "$limit" "$@" <"$input" >"$got" 2>"$err"
    status=$?
    end=$(ms_now)
    ms=$((end - start))
    if [ "$status" -eq 124 ]; then
        verdict TLE "$label" "$ms" "over ${limit} s"
    elif [ "$status" -ne 0 ]; then
        verdict RE "$label" "$ms" "exit $status: $(head -c 120 "$err" | head -n 1)"
    elif [ "$(normalise "$expected")" = "$(normalise "$got")" ]; then
        verdict AC "$label" "$ms"
    else
        verdict WA "$label" "$ms" "$(first_difference "$expected" "$got")"
    fi
    rm -f "$got" "$err"
}

problems=()
for dir in testcases/*/; do
    name=$(basename "$dir")
    if [ -z "$only" ] || [ "$only" = "$name" ]; then problems+=("$name"); fi
done
if [ -n "$only" ] && [ "${#problems[@]}" -eq 0 ]; then
    echo "error: no testcases/$only directory" >&2
    exit 2
fi

echo "${bold}== build${reset}"
if ! cargo build --release --bins --quiet; then
    verdict RE "cargo build --release" 0 "build failed"
    echo "$passed passed, $failed failed"
    exit 1
fi

echo "${bold}== cargo test${reset}"
start=$(ms_now)
test_log=$(mktemp)
if cargo test --quiet >"$test_log" 2>&1; then
    summary=$(grep -E '^test result:' "$test_log" | awk '{p += $4; f += $6} END {printf "%d tests passed", p}')
    verdict AC "cargo test" "$(($(ms_now) - start))" "$summary"
else
    grep -E '^(test .* FAILED|failures:|---- |thread .* panicked|error)' "$test_log" | head -n 20
    verdict RE "cargo test" "$(($(ms_now) - start))" "see the failures above"
fi
rm -f "$test_log"

echo "${bold}== problems${reset}"
for name in "${problems[@]}"; do
    for input in testcases/"$name"/*.in; do
        [ -e "$input" ] || continue
        case_name=$(basename "$input" .in)
        run_case "$name/$case_name" "$input" "${input%.in}.out" "target/release/$name"
    done
done

if [ "${NO_BUNDLE:-0}" != 1 ] && [ -x target/release/bundle ]; then
    echo "${bold}== judge bundles (plain rustc)${reset}"
    mkdir -p target/bundles
    for name in "${problems[@]}"; do
        file=target/bundles/$name.rs
        start=$(ms_now)
        if ! target/release/bundle "$name" >"$file" 2>target/bundles/"$name".err; then
            verdict RE "bundle $name" "$(($(ms_now) - start))" "$(head -n 1 target/bundles/"$name".err)"
            continue
        fi
        size=$(wc -c <"$file")
        if [ "$size" -ge 50000 ]; then
            verdict WA "bundle $name" "$(($(ms_now) - start))" "$size bytes, over the 50000-byte limit"
            continue
        fi
        if ! rustc --edition 2021 -O -o target/bundles/"$name" "$file" 2>target/bundles/"$name".err; then
            verdict RE "bundle $name (rustc)" "$(($(ms_now) - start))" "$(grep -m 1 '^error' target/bundles/"$name".err)"
            continue
        fi
        verdict AC "bundle $name ($size bytes, rustc)" "$(($(ms_now) - start))"
        for input in testcases/"$name"/*.in; do
            [ -e "$input" ] || continue
            run_case "bundle:$name/$(basename "$input" .in)" "$input" "${input%.in}.out" target/bundles/"$name"
        done
        # Bad input: the bundle must refuse exactly as the cargo-built binary does.
        start=$(ms_now)
        detail=''
        for bad in '' 'abc' '-3' '2.5' '1000000000' '1 2 3 4 5 6 7 8 9 10 x' '99999999999999999999999'; do
            want=$(printf '%s' "$bad" | target/release/"$name" 2>&1; echo "exit $?")
            got=$(printf '%s' "$bad" | target/bundles/"$name" 2>&1; echo "exit $?")
            if [ "$want" != "$got" ]; then
                detail="on \"$bad\": got \"$(echo "$got" | head -n 1)\" expected \"$(echo "$want" | head -n 1)\""
                break
            fi
        done
        if [ -z "$detail" ]; then
            verdict AC "bundle:$name/bad-input-parity" "$(($(ms_now) - start))"
        else
            verdict WA "bundle:$name/bad-input-parity" "$(($(ms_now) - start))" "$detail"
        fi
    done
    if [ -z "$only" ]; then
        start=$(ms_now)
        if rustc --edition 2021 -O -o target/bundles/template templates/main.rs 2>target/bundles/template.err &&
            [ "$(printf '3\n1 2 3\n' | target/bundles/template)" = 6 ]; then
            verdict AC "templates/main.rs (rustc, runs)" "$(($(ms_now) - start))"
        else
            verdict RE "templates/main.rs (rustc, runs)" "$(($(ms_now) - start))" "$(grep -m 1 '^error' target/bundles/template.err)"
        fi
    fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
