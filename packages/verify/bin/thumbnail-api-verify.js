#!/usr/bin/env node
// The command's entry is committed rather than built, so installing a workspace that depends on verify links it before the first build.
import '../dist/cli.js';
