# Filled in by the service scaffolder before it is Terraform.
variable "queue_name" {
  type    = string
  default = "{{ cookiecutter.service_slug }}-events"
{% if cookiecutter.fifo %}
  validation {
    condition     = endswith(var.queue_name, ".fifo")
    error_message = "FIFO queue names end in .fifo."
  }
{% endif %}
}
