"""The studio: a local web app that makes a kit from a browser, on the same functions as the command line."""
