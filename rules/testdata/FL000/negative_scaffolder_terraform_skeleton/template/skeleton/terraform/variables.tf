variable "environment" {
  type    = string
  default = "{{ cookiecutter.environment }}"
}

variable "owners" {
  type    = list(string)
  default = [{{ cookiecutter.owners }}]
}
