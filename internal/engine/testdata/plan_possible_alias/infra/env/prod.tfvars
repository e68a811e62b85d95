teams = ["data"]
