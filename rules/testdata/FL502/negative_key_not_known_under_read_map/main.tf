variable "stage" {
  type = string
}

# extraEnv is read whole (every key becomes a variable), so a key named
# by the stage is read whatever it is; a top-level key named by it is a
# key of the chart's values itself, which nothing tells apart.
resource "helm_release" "collector" {
  name      = "collector"
  namespace = "observability"
  chart     = "./chart"

  values = [yamlencode({
    extraEnv = {
      "${upper(var.stage)}_ENDPOINT" = "https://ingest.example.com"
    }
    "${var.stage}Overrides" = {
      sampling = "0.1"
    }
  })]
}
