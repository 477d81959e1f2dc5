# The service's address (default: the local mock) and your API key, both from the environment.
THUMBNAIL_API_BASE_URL="${THUMBNAIL_API_BASE_URL:-http://127.0.0.1:4010}"
THUMBNAIL_API_KEY="${THUMBNAIL_API_KEY:?set THUMBNAIL_API_KEY to your API key}"

curl -sS "$THUMBNAIL_API_BASE_URL/api/thumbnails" \
  -H "Authorization: Bearer $THUMBNAIL_API_KEY"
