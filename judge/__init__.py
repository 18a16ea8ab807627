"""judge: an online-judge harness for competitive-programming problem packages."""

__version__ = "0.1.0"
