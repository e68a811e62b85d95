# The catalog holds templates; the tree itself and the remote repository
# are no catalog faultline reads.
catalog {
  urls = [
    "${get_repo_root()}/catalog",
    "../templates",
    "git::https://example.com/acme/modules.git",
    get_repo_root(),
  ]
}
