#!/usr/bin/env bash
# Usage: scripts/check-warnings.sh BUILD_LOG
#
# Fails when the build log holds a compiler warning in Heirloom's own code (Sources/, Tests/, Package.swift),
# listing each once. Warnings of the packages Heirloom depends on are theirs and are not counted. The OpenAPI
# generator's code warns of imports it does not use ("public import of 'Foundation' was not used"); it marks them
# ignored itself from Swift 6.4 on, and they are counted here, not failed.
set -euo pipefail

log=${1:?usage: $0 BUILD_LOG}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

own=$(grep -E "^$root/(Sources|Tests|Package\.swift)[^:]*:[0-9]+:[0-9]+: warning: " "$log" | sort -u || true)
generated=$( (grep -E "^$root/\.build[^:]*/GeneratedSources/[^:]*:[0-9]+:[0-9]+: warning: " "$log" || true) | sort -u | wc -l)

if [[ -n $own ]]; then
    echo "error: the build warns in Heirloom's own code ($(printf '%s\n' "$own" | wc -l) warnings):" >&2
    printf '%s\n' "${own//$root\//}" >&2
    exit 1
fi
echo "check-warnings: no warning in Sources/ or Tests/ ($generated in the OpenAPI generator's code, which marks" \
    "them ignored from Swift 6.4 on)"
