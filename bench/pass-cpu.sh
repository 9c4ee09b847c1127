#!/usr/bin/env bash
# The CPU a command and everything it starts spends, Chromium's renderers included (decision 053).
#   bench/pass-cpu.sh LABEL command [args…]
# The command runs in a cpuacct cgroup of its own (cgroup v1, as root), which counts every
# descendant, also those that leave the process tree (Chromium's zygote and renderers), which
# /usr/bin/time and `times` miss (decision 048). Prints wall, CPU and the load average before
# and after on stderr, and exits with the command's status. Servers the command did not start
# (the local PostgreSQL of the api-pg pass) are not counted.
set -uo pipefail
label=$1
shift
root=/sys/fs/cgroup/cpuacct
[[ -w $root ]] || { echo "pass-cpu: $root is not writable (needs root and cgroup v1 cpuacct)" >&2; exit 2; }
group="$root/pass-cpu-$label-$$"
mkdir "$group" || exit 2
load_before=$(cut -d' ' -f1 /proc/loadavg)
started=$(date +%s%N)
(
  echo "$BASHPID" >"$group/cgroup.procs"
  exec "$@"
)
rc=$?
ended=$(date +%s%N)
hz=$(getconf CLK_TCK)
user=$(awk '$1 == "user" { print $2 }' "$group/cpuacct.stat")
system=$(awk '$1 == "system" { print $2 }' "$group/cpuacct.stat")
awk -v label="$label" -v rc="$rc" -v wall="$(((ended - started) / 1000000))" -v cpu="$(cat "$group/cpuacct.usage")" \
  -v user="$user" -v sys="$system" -v hz="$hz" -v l0="$load_before" -v l1="$(cut -d' ' -f1 /proc/loadavg)" \
  'BEGIN { printf "%s: exit %d, wall %.1f s, CPU %.1f s (user %.1f, sys %.1f), load %s → %s\n", label, rc, wall / 1000, cpu / 1e9, user / hz, sys / hz, l0, l1 }' >&2
rmdir "$group" 2>/dev/null
exit "$rc"
