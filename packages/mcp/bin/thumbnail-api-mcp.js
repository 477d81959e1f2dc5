#!/usr/bin/env node
// The command's entry is committed rather than built, so installing a workspace that depends on this package links it before the first build.
import '../dist/cli.js';
