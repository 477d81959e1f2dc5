#!/usr/bin/env bash
# The composite action's one step: run the mock's image as a hardened container with the workspace mounted read-only
# at /work (so --keys and --rules take workspace paths), wait for its health check, export THUMBNAIL_API_BASE_URL.
# Runs anywhere with Docker and bash; the tests run it outside GitHub with GITHUB_ENV and GITHUB_OUTPUT set to files.
set -euo pipefail

image="${INPUT_IMAGE:-}"
if [ -z "$image" ]; then
  owner="${ACTION_REPOSITORY%%/*}"
  image="ghcr.io/${owner,,}/thumbnail-api-mock:${INPUT_VERSION:-latest}"
fi
port="${INPUT_PORT:-4010}"
container="thumbnail-api-mock-$port"
args=()
[ -n "${INPUT_KEYS:-}" ] && args+=(--keys "$INPUT_KEYS")
[ -n "${INPUT_RULES:-}" ] && args+=(--rules "$INPUT_RULES")
# Word splitting on purpose: INPUT_ARGS is a list of options.
# shellcheck disable=SC2206
[ -n "${INPUT_ARGS:-}" ] && args+=($INPUT_ARGS)

docker run --detach --name "$container" --read-only --cap-drop ALL \
  --publish "127.0.0.1:$port:4010" \
  --volume "${GITHUB_WORKSPACE:-$PWD}:/work:ro" \
  --env "THUMBNAIL_API_MOCK_ALLOWED_HOSTS=${INPUT_ALLOWED_HOSTS:-}" \
  "$image" "${args[@]}" >/dev/null

# The image's own health check; about a second after the start.
for _ in $(seq 1 60); do
  status="$(docker inspect --format '{{.State.Health.Status}}' "$container" 2>/dev/null || echo gone)"
  [ "$status" = healthy ] && break
  if [ "$status" = gone ] || [ "$(docker inspect --format '{{.State.Running}}' "$container")" != true ]; then
    echo "::error::The Thumbnail API mock did not start; its output:"
    docker logs "$container" 2>&1 || true
    exit 1
  fi
  sleep 0.5
done
if [ "$status" != healthy ]; then
  echo "::error::The Thumbnail API mock's health check did not pass within 30 s ($status); its output:"
  docker logs "$container" 2>&1
  exit 1
fi

url="http://127.0.0.1:$port"
echo "THUMBNAIL_API_BASE_URL=$url" >> "$GITHUB_ENV"
{
  echo "base-url=$url"
  echo "container=$container"
} >> "$GITHUB_OUTPUT"
echo "Thumbnail API mock ($image) answering on $url"
