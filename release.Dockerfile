# The release image, ghcr.io/faultline-dev/faultline: built by GoReleaser
# (dockers_v2 in .goreleaser.yaml) from the executables it has already
# built, one image per platform; it does not compile anything, so
# `docker build` of this file alone does not work.
#
#   docker run --rm -v "$PWD:/src" ghcr.io/faultline-dev/faultline lint .
#
# The image holds no git: --base and --changed need it.
FROM gcr.io/distroless/static-debian13:nonroot

# Set by buildx: the directory of this platform's executables in the
# build context GoReleaser prepares.
ARG TARGETPLATFORM

# faultline-render beside faultline, where faultline looks for it first.
COPY $TARGETPLATFORM/faultline $TARGETPLATFORM/faultline-render /usr/local/bin/

WORKDIR /src
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/faultline"]
CMD ["lint", "."]
