curl -sS "$THUMBNAIL_API_BASE_URL/api/thumbnails" \
  -H "Authorization: Bearer $THUMBNAIL_API_KEY"
