curl -sS -X POST "$THUMBNAIL_API_BASE_URL/api/thumbnails" \
  -H "Authorization: Bearer $THUMBNAIL_API_KEY" \
  -H "Content-Type: application/json" \
  -d '{"prompt": "A red fox at dawn"}'
