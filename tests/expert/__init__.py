"""The expert-answer suite: requests with what a practitioner would buy, and why (issue 27)."""
