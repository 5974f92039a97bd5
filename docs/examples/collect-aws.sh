#!/bin/sh
# Collect an AWS Batch quota-management job queue and its history for `quotalab import account`
# (docs/ACCOUNT.md). Writes one file per AWS CLI output into OUT_DIR; the import recognises each
# file by its contents, so the names are only for you.
#
#   docs/examples/collect-aws.sh JOB_QUEUE [OUT_DIR] [SINCE]
#
# JOB_QUEUE  the job queue's name or ARN
# OUT_DIR    where to write (default: ./account)
# SINCE      the oldest submission to collect, as epoch milliseconds or a date
#            `date -d` understands (default: 90 days ago)
#
# Needs the AWS CLI v2 and jq, and read access to AWS Batch and SageMaker in the queue's region
# (batch:Describe*, batch:List*, sagemaker:DescribeTrainingJob, sagemaker:DescribeTrainingPlan).
set -eu

QUEUE=${1:?usage: collect-aws.sh JOB_QUEUE [OUT_DIR] [SINCE]}
OUT=${2:-account}
SINCE=${3:-90 days ago}
case "$SINCE" in
  *[!0-9]*) SINCE_MS=$(( $(date -d "$SINCE" +%s) * 1000 )) ;;
  *) SINCE_MS=$SINCE ;;
esac
mkdir -p "$OUT/quota-shares" "$OUT/service-jobs" "$OUT/training-jobs" "$OUT/training-plans"

# Pages an AWS CLI listing: PREFIX then the command; writes PREFIX-1.json, PREFIX-2.json, ...
# following the CLI's NextToken (--max-items), one file per page.
pages() {
  prefix=$1; shift
  n=1; token=""
  while :; do
    if [ -n "$token" ]; then
      "$@" --max-items 100 --starting-token "$token" --output json > "$prefix-$n.json"
    else
      "$@" --max-items 100 --output json > "$prefix-$n.json"
    fi
    token=$(jq -r '.NextToken // empty' "$prefix-$n.json")
    [ -z "$token" ] && break
    n=$((n + 1))
  done
}

echo "job queue $QUEUE" >&2
aws batch describe-job-queues --job-queues "$QUEUE" --output json > "$OUT/describe-job-queues.json"
QUEUE_ARN=$(jq -r '.jobQueues[0].jobQueueArn // empty' "$OUT/describe-job-queues.json")
[ -n "$QUEUE_ARN" ] || { echo "no job queue $QUEUE" >&2; exit 1; }

POLICY=$(jq -r '.jobQueues[0].schedulingPolicyArn // empty' "$OUT/describe-job-queues.json")
if [ -n "$POLICY" ]; then
  aws batch describe-scheduling-policies --arns "$POLICY" --output json > "$OUT/describe-scheduling-policies.json"
fi

ENVIRONMENTS=$(jq -r '.jobQueues[0].serviceEnvironmentOrder[]?.serviceEnvironment' "$OUT/describe-job-queues.json")
if [ -n "$ENVIRONMENTS" ]; then
  # shellcheck disable=SC2086 # one argument per environment
  aws batch describe-service-environments --service-environments $ENVIRONMENTS --output json \
    > "$OUT/describe-service-environments.json"
fi

echo "quota shares" >&2
pages "$OUT/list-quota-shares" aws batch list-quota-shares --job-queue "$QUEUE_ARN"
k=0
for arn in $(jq -r '.quotaShares[]?.quotaShareArn' "$OUT"/list-quota-shares-*.json); do
  k=$((k + 1))
  # Numbered in list order: the import reads files in path order, and that is the share order.
  aws batch describe-quota-share --quota-share-arn "$arn" --output json \
    > "$OUT/quota-shares/$(printf %02d $k)-${arn##*/}.json"
done

echo "service jobs since $SINCE_MS" >&2
pages "$OUT/list-service-jobs" aws batch list-service-jobs --job-queue "$QUEUE_ARN" \
  --filters "name=AFTER_CREATED_AT,values=$SINCE_MS"
for id in $(jq -r '.jobSummaryList[]?.jobId' "$OUT"/list-service-jobs-*.json | sort -u); do
  file="$OUT/service-jobs/$id.json"
  aws batch describe-service-job --job-id "$id" --output json > "$file"
  # The training job behind every attempt: its startup and the instance type it ran on.
  for training in $(jq -r '[.attempts[]?.serviceResourceId.value, .latestAttempt.serviceResourceId.value?]
                            | map(select(. != null)) | unique | .[]' "$file"); do
    name=${training##*/}
    [ -f "$OUT/training-jobs/$name.json" ] && continue
    aws sagemaker describe-training-job --training-job-name "$name" --output json \
      > "$OUT/training-jobs/$name.json" || echo "  (training job $name is gone)" >&2
  done
done

echo "training plans" >&2
for plan in $(jq -r '.serviceRequestPayload | fromjson? | .ResourceConfig
                     | (.InstancePreferences[]?.TrainingPlanArns[]?, .TrainingPlanArn?) | select(. != null)' \
                "$OUT"/service-jobs/*.json 2>/dev/null | sort -u); do
  name=${plan##*/}
  aws sagemaker describe-training-plan --training-plan-name "$name" --output json \
    > "$OUT/training-plans/$name.json" || echo "  (training plan $name is gone)" >&2
done

echo "done: quotalab import account $OUT -o history.json" >&2
