curl -sS "$THUMBNAIL_API_BASE_URL/api/thumbnails" \
  -H "x-api-key: $THUMBNAIL_API_KEY"
