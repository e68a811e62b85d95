# The cluster's OIDC provider is declared here, and the trusts name it in
# both places: the principal by the provider's ARN, the condition keys by
# its URL without the scheme, or by its ARN without the
# "arn:…:oidc-provider/" prefix. Both are the provider's issuer: nothing
# to report, and nothing left undecided.
resource "aws_eks_cluster" "search" {
  name     = "search"
  role_arn = "arn:aws:iam::111122223333:role/search-cluster"
  vpc_config {
    subnet_ids = ["subnet-0aa11", "subnet-0bb22"]
  }
}

resource "aws_iam_openid_connect_provider" "search" {
  url            = aws_eks_cluster.search.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

data "aws_iam_policy_document" "indexer" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.search.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(aws_iam_openid_connect_provider.search.url, "https://", "")}:sub"
      values   = ["system:serviceaccount:search:indexer"]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(aws_iam_openid_connect_provider.search.url, "https://", "")}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "indexer" {
  name               = "search-indexer"
  assume_role_policy = data.aws_iam_policy_document.indexer.json
}

data "aws_iam_policy_document" "crawler" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.search.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(aws_iam_openid_connect_provider.search.arn, "/^(.*provider/)/", "")}:sub"
      values   = ["system:serviceaccount:search:crawler"]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(aws_iam_openid_connect_provider.search.arn, "/^(.*provider/)/", "")}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "crawler" {
  name               = "search-crawler"
  assume_role_policy = data.aws_iam_policy_document.crawler.json
}
