module github.com/faultline-dev/faultline

go 1.26
