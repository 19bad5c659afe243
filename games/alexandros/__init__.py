"""games/alexandros."""
