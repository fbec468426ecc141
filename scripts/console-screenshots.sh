#!/usr/bin/env bash
# Regenerates the screenshots of docs/console.md: runs the console's browser tests (headless Chromium), which save a
# PNG of each page they check into docs/console/ when CONSOLE_SCREENSHOTS_DIR is set.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
export CONSOLE_SCREENSHOTS_DIR="$PWD/docs/console"
# Every console browser test by default; name some (`console-crm-calendar.system.test.js ...`) to run only those.
files=(console.system.test.js console-support.system.test.js console-records.system.test.js
  console-module-pages.system.test.js console-calendar-event-types.system.test.js console-email-sms.system.test.js
  console-domains-mailboxes.system.test.js console-crm-calendar.system.test.js)
[ "$#" -gt 0 ] && files=("$@")
for file in "${files[@]}"; do
  NODE_OPTIONS=--experimental-vm-modules npx jest --config jest.system.config.js "dist/test/system/console/$file" --runInBand
done
