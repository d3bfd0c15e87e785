#!/usr/bin/env bash
# The regression runner: builds once, runs the unit tests, every problem binary on every
# testcases/<problem>/*.in, then each problem's judge bundle (bundled, compiled as its judge
# would, run on the same cases and on bad input). One verdict line per case; the last line is
# `N passed, M failed`, and the exit status is non-zero if anything failed.
#
# Usage: ./run_tests.sh [NAME]   only problem NAME: its unit tests, its cases, its bundle
# Environment:
#   TIMEOUT=S      per-case limit in seconds for every problem (a positive number; absent or 0:
#                  the problem's `//! - time limit:` line, else 10 s)
#   NO_BUNDLE=1    skip the bundle stage
#   OLD_RUSTC=P    an old rustc to compile plain bundles with (default: /usr/bin/rustc if it is
#                  older than the toolchain's; `apt-get install rustc` gives Debian's 1.63)
#   ATCODER=0      skip building bundles against AtCoder's crates (needs the crates registry)
# Exit status: 0 all passed, 1 something failed, 2 bad usage or settings.
set -u
cd "$(dirname "$0")" || exit 2

only="${1:-}"
default_limit=10
passed=0
failed=0

timeout_setting="${TIMEOUT:-0}"
# shellcheck source=tools/run_tests_lib.sh
. tools/run_tests_lib.sh
if ! valid_timeout "$timeout_setting"; then
    echo "error: TIMEOUT must be a positive number of seconds, not \"$timeout_setting\"" >&2
    exit 2
fi

if [ -t 1 ]; then
    green=$'\e[32m' red=$'\e[31m' bold=$'\e[1m' reset=$'\e[0m'
else
    green='' red='' bold='' reset=''
fi

problems=()
for file in problems/*.rs; do
    name=$(basename "$file" .rs)
    if [ -z "$only" ] || [ "$only" = "$name" ]; then problems+=("$name"); fi
done
if [ -n "$only" ] && [ "${#problems[@]}" -eq 0 ]; then
    echo "error: no problem $only (no file problems/$only.rs)" >&2
    exit 2
fi

target_dir=$(cargo_target_dir)
release="$target_dir/release"

echo "${bold}== build${reset}"
start=$(ms_now)
if [ -n "$only" ]; then
    build=(cargo build --release --quiet -p problems --bin "$only" -p tools --bin bundle)
else
    build=(cargo build --release --quiet --workspace --bins)
fi
if ! "${build[@]}"; then
    verdict RE "cargo build --release" "$(($(ms_now) - start))" "build failed"
    echo "$passed passed, $failed failed"
    exit 1
fi

echo "${bold}== unit tests${reset}"
start=$(ms_now)
test_log=$(mktemp)
if [ -n "$only" ]; then
    tests=(cargo test --quiet -p problems --bin "$only")
else
    tests=(cargo test --quiet --workspace)
fi
if "${tests[@]}" >"$test_log" 2>&1; then
    summary=$(grep -E '^test result:' "$test_log" | awk '{p += $4} END {printf "%d tests passed", p}')
    verdict AC "${tests[*]:0:2} ${only:-(workspace)}" "$(($(ms_now) - start))" "$summary"
else
    grep -E '^(test .* FAILED|failures:|---- |thread .* panicked|error)' "$test_log" | head -n 20
    verdict RE "${tests[*]:0:2} ${only:-(workspace)}" "$(($(ms_now) - start))" "see the failures above"
fi
rm -f "$test_log"

echo "${bold}== problems${reset}"
for name in "${problems[@]}"; do
    limit=$(time_limit "$name")
    found=0
    for input in testcases/"$name"/*.in; do
        [ -e "$input" ] || continue
        found=1
        run_case "$name/$(basename "$input" .in)" "$input" "${input%.in}.out" "$limit" "$release/$name"
    done
    if [ "$found" = 0 ]; then verdict WA "$name" 0 "no testcases/$name/*.in"; fi
done

if [ "${NO_BUNDLE:-0}" = 1 ]; then
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
fi

# An old rustc for plain bundles: OLD_RUSTC, or Debian's beside the rustup toolchain.
old_rustc="${OLD_RUSTC:-}"
if [ -z "$old_rustc" ] && [ -x /usr/bin/rustc ] &&
    [ "$(/usr/bin/rustc --version)" != "$(rustc --version)" ]; then
    old_rustc=/usr/bin/rustc
fi

bundles="$target_dir/bundles"
mkdir -p "$bundles"
echo "${bold}== judge bundles${reset}${old_rustc:+ (also compiled by $($old_rustc --version))}"
declare -A judge_rustc judge_edition judge_crates
while IFS=$'\t' read -r jname jrustc jedition jcrates _; do
    judge_rustc[$jname]=$jrustc judge_edition[$jname]=$jedition judge_crates[$jname]=$jcrates
done < <("$release/bundle" --judges)

atcoder_names=()
for name in "${problems[@]}"; do
    limit=$(time_limit "$name")
    judge=$(declared "$name" judge)
    judge=${judge:-codeforces}
    file=$bundles/$name.rs
    start=$(ms_now)
    if ! "$release/bundle" "$name" >"$file" 2>"$bundles/$name.err"; then
        verdict RE "bundle $name" "$(($(ms_now) - start))" "$(head -n 1 "$bundles/$name.err")"
        continue
    fi
    size=$(wc -c <"$file")
    if [ "${judge_crates[$judge]:--}" != - ]; then
        atcoder_names+=("$name") # built below in one cargo project with the judge's crates
        continue
    fi
    edition=${judge_edition[$judge]:-2021}
    if ! rustc --edition "$edition" -O -o "$bundles/$name" "$file" 2>"$bundles/$name.err"; then
        verdict RE "bundle $name (rustc, edition $edition)" "$(($(ms_now) - start))" "$(grep -m 1 '^error' "$bundles/$name.err")"
        continue
    fi
    verdict AC "bundle $name for $judge ($size bytes)" "$(($(ms_now) - start))"
    if [ -n "$old_rustc" ]; then
        for old_edition in 2018 2021; do
            start=$(ms_now)
            if "$old_rustc" --edition "$old_edition" -O -o "$bundles/$name-old-$old_edition" "$file" 2>"$bundles/$name.err"; then
                verdict AC "bundle $name: old rustc, edition $old_edition" "$(($(ms_now) - start))"
            else
                verdict RE "bundle $name: old rustc, edition $old_edition" "$(($(ms_now) - start))" "$(grep -m 1 '^error' "$bundles/$name.err")"
            fi
        done
    fi
    for input in testcases/"$name"/*.in; do
        [ -e "$input" ] || continue
        run_case "bundle:$name/$(basename "$input" .in)" "$input" "${input%.in}.out" "$limit" "$bundles/$name"
    done
    # Bad input: the bundle must refuse exactly as the cargo-built binary does.
    start=$(ms_now)
    detail=''
    for bad in '' 'abc' '-3' '2.5' '1000000000' '1 2 3 4 5 6 7 8 9 10 x' '99999999999999999999999' $'\xef\xbb\xbf1\n1\n'; do
        want=$(printf '%s' "$bad" | "$release/$name" 2>&1; echo "exit $?")
        got=$(printf '%s' "$bad" | "$bundles/$name" 2>&1; echo "exit $?")
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

# AtCoder's profile: every problem (its own AtCoder bundle where that is its judge) built in one
# scratch cargo project with exactly AtCoder's crates, edition 2024.
if [ "${ATCODER:-1}" != 0 ]; then
    start=$(ms_now)
    scratch="$target_dir/atcoder-check"
    mkdir -p "$scratch/src/bin"
    rm -f "$scratch"/src/bin/*.rs
    crates=$(echo "${judge_crates[atcoder]}" | tr ',' '\n' | sed 's/^\([^=]*\)=\(.*\)$/\1 = "=\2"/')
    printf '[package]\nname = "atcoder-check"\nversion = "0.0.0"\nedition = "%s"\npublish = false\n\n[dependencies]\n%s\n\n[workspace]\n' \
        "${judge_edition[atcoder]}" "$crates" >"$scratch/Cargo.toml"
    ok=1
    for name in "${problems[@]}"; do
        if ! "$release/bundle" "$name" --judge atcoder >"$scratch/src/bin/$name.rs" 2>"$bundles/$name.err"; then
            verdict RE "bundle $name --judge atcoder" "$(($(ms_now) - start))" "$(head -n 1 "$bundles/$name.err")"
            ok=0
        fi
    done
    if [ "$ok" = 1 ]; then
        if (cd "$scratch" && CARGO_TARGET_DIR="$scratch/target" cargo build --release --quiet 2>"$bundles/atcoder.err"); then
            verdict AC "AtCoder bundles (proconio 0.5.0, itertools 0.14.0, edition 2024)" "$(($(ms_now) - start))"
            for name in "${atcoder_names[@]}"; do
                for input in testcases/"$name"/*.in; do
                    [ -e "$input" ] || continue
                    run_case "bundle:$name/$(basename "$input" .in)" "$input" "${input%.in}.out" "$(time_limit "$name")" "$scratch/target/release/$name"
                done
            done
        else
            verdict RE "AtCoder bundles (edition 2024)" "$(($(ms_now) - start))" "$(grep -m 1 -E '^error' "$bundles/atcoder.err")"
        fi
    fi
fi

if [ -z "$only" ]; then
    for template in templates/*.rs; do
        start=$(ms_now)
        stem=$(basename "$template" .rs)
        case "$stem" in
        main) ;; # the std-only single-file starter: compiles alone and runs
        *) continue ;; # starters for `new`, checked by its tests
        esac
        compilers=(rustc)
        [ -n "$old_rustc" ] && compilers+=("$old_rustc")
        for compiler in "${compilers[@]}"; do
            if "$compiler" --edition 2018 -O -o "$bundles/template-$stem" "$template" 2>"$bundles/template.err" &&
                [ "$(printf '3\n1 2 3\n' | "$bundles/template-$stem")" = 6 ]; then
                verdict AC "$template ($($compiler --version | cut -d' ' -f1-2), runs)" "$(($(ms_now) - start))"
            else
                verdict RE "$template ($compiler)" "$(($(ms_now) - start))" "$(grep -m 1 '^error' "$bundles/template.err")"
            fi
        done
    done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
