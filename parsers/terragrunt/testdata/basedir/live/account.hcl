locals { id = "account-beside-root" }
