// Processes found by a marker in their environment (now shared with @thumbnail-api/verify's tests through dev-tools).
export { killMarked, markerVariable, newMarker, processesWithMarker, survivorsOf } from '@thumbnail-api/dev-tools/process-marker';
