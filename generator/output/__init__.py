"""The file plumbing under everything: PDF pages and fonts, safe atomic writes and the build lock, build
fingerprints, progress lines and reading PDFs back. It knows no game and imports no other layer."""
