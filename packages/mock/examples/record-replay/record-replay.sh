#!/bin/sh
# Record the real service once, replay it in CI. Run it in your project, whose `npm test` calls the
# API at THUMBNAIL_API_BASE_URL with THUMBNAIL_API_KEY, with THUMBNAIL_API_UPSTREAM set to the
# service's base URL.
set -e

# 1. Once, with a real key: each exchange goes to its own JSON file in test/recordings/. The key,
#    Authorization and cookies never reach disk; --redact blanks the prompts as well.
npx @thumbnail-api/mock --port 0 --proxy "$THUMBNAIL_API_UPSTREAM" --record test/recordings --redact /prompt -- npm test

# 2. Review test/recordings/ and commit it. In CI, with no service and no real key: documented
#    operations are answered as recorded (marked by an x-thumbnail-api-mock-recorded header).
THUMBNAIL_API_KEY=any-key npx @thumbnail-api/mock --port 0 --replay test/recordings -- npm test

# 3. What the service answered that the contract does not document, as an OpenAPI Overlay to review.
npx @thumbnail-api/mock propose test/recordings > observed.overlay.yaml
