#!/bin/sh
# Collect a Kueue cluster's agreement and its Workloads for `quotalab import account`
# (docs/ACCOUNT.md): one file per kind, each a `List` as kubectl prints it.
#
#   docs/examples/collect-kueue.sh [OUT_DIR]
#
# Needs kubectl with read access to Kueue's objects in every namespace. Large clusters are paged
# by kubectl itself (--chunk-size), which prints the pages as one List.
set -eu

OUT=${1:-cluster}
mkdir -p "$OUT"
for kind in resourceflavors cohorts clusterqueues localqueues workloads; do
  echo "$kind" >&2
  kubectl get "$kind.kueue.x-k8s.io" -A -o yaml --chunk-size=500 > "$OUT/$kind.yaml" \
    || echo "  ($kind: not served by this cluster's Kueue version)" >&2
done
echo "done: quotalab import account $OUT -o history.json" >&2
