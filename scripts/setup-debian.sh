#!/usr/bin/env bash
# Installs the Debian packages Tengen needs to build, run and test. Idempotent and non-interactive.
#   build:   pkg-config, ALSA, udev, Wayland and xkbcommon headers, the mold linker (.cargo/config.toml)
#   run:     the Vulkan loader and Mesa's drivers (software Vulkan where there is no GPU)
#   test:    Xvfb, xdotool and ImageMagick for the real-window tests; Python for the monkey test; time zones (tzdata); the validators of the desktop
#            entry and the AppStream metainfo (tests/app/packaging.rs); a PulseAudio server, its recorder
#            and ALSA's bridge into it, so a test hears the sounds (tests/app/sound.rs)
set -euo pipefail

packages=(
    pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev mold
    libvulkan1 mesa-vulkan-drivers
    xvfb xdotool imagemagick desktop-file-utils appstream python3 tzdata
    pulseaudio pulseaudio-utils libasound2-plugins
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "Installing: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v cargo >/dev/null; then
    echo "Rust is not installed: get it from https://rustup.rs (Rust 1.95 or newer), then run this again." >&2
    exit 1
fi
