#!/usr/bin/env bash
# Runs .ci/run the way CI does, to rehearse it before pushing: a fresh clone of the committed HEAD (uncommitted
# changes are not in it), a clean HOME (so an empty npm cache), CI=true, no stdin, and an environment emptied
# by `env -i` but for the system PATH, so nothing installed into your own shell can help it pass.
# Usage, from anywhere in the repository: scripts/fresh-clone-ci.sh   (prints the exit code and the seconds taken)
set -u
top=$(git rev-parse --show-toplevel) || exit 2
head=$(git -C "$top" rev-parse HEAD) || exit 2
work=$(mktemp -d) || exit 2
home=$(mktemp -d) || exit 2
# Removed whatever happens (Ctrl-C included); a busy disk can take a minute over a full node_modules.
trap 'rm -rf "$work" "$home"' EXIT
trap 'exit 130' INT TERM
# --no-checkout, then the commit itself: cloning a worktree would otherwise check out the main clone's branch.
git clone -q --no-checkout "$top" "$work/repo" || exit 2
git -C "$work/repo" checkout -q --detach "$head" || exit 2
echo "fresh clone of $(git -C "$top" rev-parse --short HEAD) in $work/repo"
cd "$work/repo" || exit 2
SECONDS=0
env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME="$home" CI=true LANG=C.UTF-8 bash .ci/run </dev/null
rc=$?
echo "fresh-clone .ci/run exit $rc after ${SECONDS}s"
exit $rc
