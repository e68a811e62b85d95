terraform {
  source = "../../outside-the-scan//network"
}
