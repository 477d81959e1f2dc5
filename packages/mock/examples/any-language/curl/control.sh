#!/bin/sh
# The Thumbnail API mock's control surface with curl: a rule, the call it answers, the journal, a reset.
# THUMBNAIL_API_BASE_URL names the mock; THUMBNAIL_API_KEY (else a key of this script's own) scopes the rule
# and the journal to this script.
set -eu
BASE_URL="${THUMBNAIL_API_BASE_URL:-http://127.0.0.1:4010}"
KEY="${THUMBNAIL_API_KEY:-sk_test_curl_example}"

# The next listThumbnails gets a 503 with Retry-After (a write to /__mock must say Content-Type: application/json).
curl -fsS -X POST "$BASE_URL/__mock/rules?key=$KEY" -H 'content-type: application/json' \
  -d '{"operationId": "listThumbnails", "times": 1, "answer": {"status": 503, "headers": {"retry-after": "1"}}}'
echo
status=$(curl -s -o /dev/null -w '%{http_code}' -H "x-api-key: $KEY" "$BASE_URL/api/thumbnails")
[ "$status" = 503 ] || { echo "expected the rule's 503, got $status" >&2; exit 1; }

# What was sent, then clean up.
curl -fsS "$BASE_URL/__mock/requests?key=$KEY&operationId=listThumbnails"
echo
curl -fsS -X POST "$BASE_URL/__mock/reset?key=$KEY"
echo "ok: the rule answered 503"
