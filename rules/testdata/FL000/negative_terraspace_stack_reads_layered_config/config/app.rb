Terraspace.configure do |config|
  config.allow.envs = ["dev", "prod"]
end
