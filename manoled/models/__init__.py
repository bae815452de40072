"""Model files: the manifest, where each model lives, verification and download."""
