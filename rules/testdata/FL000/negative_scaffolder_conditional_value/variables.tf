# A cookiecutter skeleton: the service's defaults are picked when the
# project is generated.
variable "service" {
  type    = string
  default = "{{ cookiecutter.service_slug }}"
}

variable "public" {
  type    = bool
  default = {% if cookiecutter.exposure == "internet" %}true{% elif cookiecutter.exposure == "vpn" %}false{% else %}false{% endif %}
}

variable "replicas" {
  type = number
{%- if cookiecutter.tier == "critical" %}
  default = 3
{%- else %}
  default = 1
{%- endif %}
}
