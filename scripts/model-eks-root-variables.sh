#!/bin/sh
# Regenerates variables.tf of every terraform-aws-modules/eks/aws root
# stand-in from the mirror of the real module (first and last tag each
# version directory covers).
set -e
G=${1:-/work/.mirror/terraform-aws-modules+terraform-aws-eks/repo}
D=$(dirname "$0")/../parsers/terraform/models/terraform-aws-modules/eks/aws/_root
gen() { # dir first last
  {
    echo "# Variables of terraform-aws-modules/eks/aws $2 to $3 (variables.tf at both"
    echo "# tags): names, one-line types and defaults, by scripts/model-variables.py."
    echo
    python3 "$(dirname "$0")/model-variables.py" "$G" variables.tf "$2" "$3"
  } > "$D/$1/variables.tf"
}
for spec in "v17.0.0 v17.0.0 v17.24.0" "v18.0.0 v18.0.0 v18.5.1" "v18.6.0 v18.6.0 v18.13.0" \
  "v18.14.0 v18.14.0 v18.19.0" "v18.20.0 v18.20.0 v18.31.2" "v19.0.0 v19.0.0 v19.21.0" \
  "v20.0.0 v20.0.0 v20.0.0" "v20.0.1 v20.0.1 v20.37.2" "v21.0.0 v21.0.0 v21.19.0"; do
  set -- $spec
  [ -d "$D/$1" ] && gen "$1" "$2" "$3"
done
if command -v terraform >/dev/null; then terraform fmt -recursive "$D" >/dev/null 2>&1 || true; fi
