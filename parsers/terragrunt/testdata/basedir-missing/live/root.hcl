locals { v = file("absent.yaml") }
