"""The software stack: its sourced facts (`facts`), one fact's verdict on a card (`verdicts`) and the SUP-* checks of
a card and workload (`checks`). Importing the package imports none of them: the estimate reads `facts` alone."""
