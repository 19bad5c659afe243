"""frame/render."""
