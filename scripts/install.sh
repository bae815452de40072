#!/usr/bin/env bash
# Create .venv and install manoled with everything the tests need.
#
# llama-cpp-python is always built from source with SAFE_CMAKE_ARGS, never natively:
# this machine's CPU reports AMX and a -DGGML_NATIVE=ON build segfaults inside
# ggml_backend_amx_mul_mat on the first eval. pip's wheel cache is keyed by the
# sdist, not by CMAKE_ARGS, so it could hand back a native build made elsewhere.
# We therefore build with --no-cache-dir into our own wheelhouse whose directory
# name is a hash of (version, CMAKE_ARGS), and install only from there.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}
EXTRAS=${EXTRAS:-test,bench}
LLAMA_VERSION=0.3.36
SAFE_CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON"
key=$(printf '%s|%s' "$LLAMA_VERSION" "$SAFE_CMAKE_ARGS" | sha256sum | cut -c1-16)
WHEELHOUSE=${MANOLE_WHEELHOUSE:-${XDG_CACHE_HOME:-$HOME/.cache}/manole/wheels/llama-$LLAMA_VERSION-$key}

say() { printf '[install] %s\n' "$*" >&2; }

if [ ! -x "$VENV/bin/python" ]; then
    say "creating $VENV"
    "$PYTHON" -m venv "$VENV"
fi
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check -q)
"${PIP[@]}" install --upgrade pip wheel setuptools >/dev/null

# torch first and pinned: a bare torch requirement pulls GBs of CUDA packages.
"${PIP[@]}" install "torch==2.13.0" "numpy>=1.26"

if ! ls "$WHEELHOUSE"/llama_cpp_python-"$LLAMA_VERSION"-*.whl >/dev/null 2>&1; then
    say "building llama-cpp-python $LLAMA_VERSION with safe CMAKE_ARGS (7-10 minutes, once)"
    mkdir -p "$WHEELHOUSE.tmp"
    CMAKE_ARGS="$SAFE_CMAKE_ARGS" FORCE_CMAKE=1 "${PIP[@]}" wheel --no-cache-dir --no-deps \
        --no-binary llama-cpp-python -w "$WHEELHOUSE.tmp" "llama-cpp-python==$LLAMA_VERSION"
    rm -rf "$WHEELHOUSE" && mv "$WHEELHOUSE.tmp" "$WHEELHOUSE"
fi
whl=$(ls "$WHEELHOUSE"/llama_cpp_python-"$LLAMA_VERSION"-*.whl | head -n1)
marker="$VENV/.llama-wheel"
if [ "$(cat "$marker" 2>/dev/null)" != "$whl" ]; then
    say "installing $(basename "$whl") from $WHEELHOUSE"
    "${PIP[@]}" install --force-reinstall --no-deps --no-index "$whl"
    "${PIP[@]}" install "llama-cpp-python==$LLAMA_VERSION" --find-links "$WHEELHOUSE" --no-index --no-deps
    echo "$whl" > "$marker"
fi
# the dependencies of llama-cpp-python itself (small, pure python)
"${PIP[@]}" install "diskcache>=5.6.1" "jinja2>=2.11.3" "typing-extensions>=4.5.0"

say "installing manole-client and manoled[$EXTRAS]"
# one command: manoled depends on manole-client==0.1.0, which pip finds in ./client, not on an index
"${PIP[@]}" install -e ./client -e ".[${EXTRAS}]" --find-links "$WHEELHOUSE"

# refuse a native build that somehow slipped in
"$VENV/bin/python" - <<'PY'
import llama_cpp, sys
info = llama_cpp.llama_print_system_info().decode()
if "AMX_INT8 = 1" in info:
    sys.exit(f"llama-cpp-python was built natively (AMX on): {info}\nremove .venv/.llama-wheel and rerun")
PY
say "ok: $("$VENV/bin/python" -c 'import llama_cpp; print("llama-cpp-python", llama_cpp.__version__)')"
