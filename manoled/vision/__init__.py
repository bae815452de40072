"""Images: EXIF text, loading and decoding, the captioners and the background caption worker."""
