"""data: what every game shares at this layer; each game has its sub-package."""
