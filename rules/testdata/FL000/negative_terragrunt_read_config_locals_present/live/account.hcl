# One local faultline cannot know (a command it does not run), one it can.
locals {
  account_name = "workloads"
  caller       = run_cmd("aws", "sts", "get-caller-identity")
}
