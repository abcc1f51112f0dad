"""The ``digsite`` command line: parse input, call one library function, format the result."""
