"""The sample-store generator, one module per reference app; run scripts/generate-samples.py."""
