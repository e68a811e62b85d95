locals { id = "account-beside-unit" }
