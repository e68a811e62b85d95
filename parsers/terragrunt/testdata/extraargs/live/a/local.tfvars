size = 2
