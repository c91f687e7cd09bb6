#!/usr/bin/env bash
# Installs the Debian packages and Python test helpers Heirloom needs, and only those that are missing.
# Quiet and fast (well under 2 s) when everything is already there; safe to run on every `make`.
set -euo pipefail

packages=(
    libsqlite3-dev                     # SQLite, the default database
    postgresql                         # the throwaway server of scripts/with-postgres.sh
    chromium chromium-driver           # the headless browser tests
    libvips-dev libvips-tools          # image thumbnails
    ffmpeg                             # audio and video
    poppler-utils                      # PDF previews
    libheif-examples                   # HEIC photos from iPhones (heif-convert, heif-enc)
    tesseract-ocr tesseract-ocr-eng    # text in photographed documents
    qrencode libqrencode-dev           # QR codes for pairing phones
    zbar-tools                         # reading QR codes back in tests
    libcairo2-dev libpango1.0-dev      # printed reports (PDF), through the CPangoCairo target
    fonts-dejavu-core                  # the reports' fonts, embedded in each PDF
    curl                               # delivers the outbox's email over SMTP (STARTTLS, SMTPS, AUTH)
    wrk                                # make bench-api's load generator
    ceph-mon ceph-osd                  # the one-node Ceph cluster of scripts/with-s3.sh (memstore, no disk)
    radosgw                            # its S3-compatible gateway, the tests' media store
    ceph-common                        # radosgw-admin and ceph-authtool, which make its keyrings and S3 user
    libpocketsphinx-dev pocketsphinx-en-us  # the offline speech-to-text engine and its US English model
    espeak-ng                          # spoken sentences for the transcription tests
)

# One `dpkg -s` for all of them: prints the names of the packages that are fully installed.
installed_among() {
    dpkg -s "$@" 2>/dev/null |
        awk '/^Package: / { name = $2 } /^Status: install ok installed$/ { print name }' || true
}
is_installed() {
    [[ -n $(installed_among "$1") ]]
}

installed=" $(installed_among "${packages[@]}" | tr '\n' ' ') "
missing=()
for package in "${packages[@]}"; do
    [[ $installed == *" $package "* ]] || missing+=("$package")
done
has_pip() {
    python3 -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("pip") is None)' 2>/dev/null
}
if ! is_installed python3-pip && ! has_pip; then
    missing+=(python3-pip)
fi

if ((${#missing[@]} > 0)); then
    echo "Installing system packages: ${missing[*]}"
    sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || { echo "error: not root and sudo is missing; install: ${missing[*]}" >&2; exit 1; }
        sudo=(sudo)
    fi
    apt_options=(-o DPkg::Lock::Timeout=300 -qq)
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_options[@]}" update >"$log" 2>&1 ||
        ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_options[@]}" install -y \
            --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
        cat "$log" >&2
        echo "error: apt-get failed installing: ${missing[*]}" >&2
        exit 1
    fi
fi

if ! python3 -c 'import selenium, pytest, requests, schemathesis, axe_selenium_python, aiosmtpd, fastapi, uvicorn
import boto3, botocore, pocketsphinx' 2>/dev/null; then
    echo "Installing Python test helpers: selenium, pytest, requests, schemathesis, axe-selenium-python, aiosmtpd," \
        "fastapi and uvicorn for make bench-api's peer, boto3 and botocore, the reference S3 client, and" \
        "pocketsphinx, the speech engine of scripts/stt-server.py"
    if ! has_pip; then
        # python3 is not Debian's (pyenv, say) and came without pip.
        python3 -m ensurepip --upgrade >/dev/null
    fi
    pip_install=(python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore
        'selenium>=4.11' 'pytest>=7' 'requests>=2.31' 'schemathesis>=4,<5' \
        'axe-selenium-python==2.1.6' \
        'aiosmtpd>=1.4,<2' \
        'fastapi>=0.110' 'uvicorn[standard]>=0.29' \
        'boto3>=1.28' 'botocore>=1.31' \
        'pocketsphinx>=5,<6')  # axe carries axe-core 3.1.1 itself; aiosmtpd is the tests' SMTP server
    # Debian's own python3 is "externally managed" (PEP 668): there the helpers go in with
    # --break-system-packages, which only adds them beside the system's packages.
    if ! "${pip_install[@]}" 2>/dev/null; then
        "${pip_install[@]}" --break-system-packages
    fi
fi

# axe-core 4, the accessibility rules the pages are checked against, comes inside axe-playwright-python's wheel: the
# browser tests load its axe.min.js into Chromium themselves (e2e/browser/helpers.py), so Playwright is not needed.
if ! python3 -c 'import axe_playwright_python' 2>/dev/null; then
    echo "Installing axe-core 4 for the browser tests (axe-playwright-python, without Playwright)"
    axe_install=(python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps
        'axe-playwright-python==0.1.8')
    if ! "${axe_install[@]}" 2>/dev/null; then
        "${axe_install[@]}" --break-system-packages
    fi
fi
