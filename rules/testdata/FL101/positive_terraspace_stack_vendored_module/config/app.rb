Terraspace.configure do |config|
  config.logger.level = :info
end
