# checks.sh — sourced by the command line's test scripts (contract.sh,
# sheet.sh): a scratch folder `$tmp`, removed on exit, and `check
# DESCRIPTION COMMAND...`, which counts the commands that succeed and names
# those that fail; `finish NAME` prints the counts and is the script's result.
tmp=$(mktemp -d)
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
passed=0; failed=0
check() { # description, then a command that must succeed
  local what=$1; shift
  if "$@"; then passed=$((passed+1)); else failed=$((failed+1)); echo "FAIL: $what" >&2; fi
}
finish() { # the suite's name
  echo "$1: $passed passed, $failed failed"
  [ "$failed" = 0 ]
}
