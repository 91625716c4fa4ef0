"""Bots that play any game through the contract alone."""
