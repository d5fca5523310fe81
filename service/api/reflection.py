"""Server reflection, v1 and v1alpha, describing our services from descriptors that keep the proto comments.

grpcio-reflection implements only v1alpha; grpc.reflection.v1 has the same messages under a new
package (wire-identical), so the same servicer answers both names. Newer grpcurl and Postman ask v1
first. The generated modules drop comments, so the pool is built from proto/gen.py's descriptor set
(`--include_source_info`): `grpcurl describe playledger.v1.CreateGameRequest` shows what each field means.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from typing import Any

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection, reflection_pb2

V1 = "grpc.reflection.v1.ServerReflection"
V1ALPHA = reflection.SERVICE_NAME


def documented_files() -> dict[str, descriptor_pb2.FileDescriptorProto]:
    """Our protos with their comments and imports, plus the health and reflection protos (no comments)."""
    data = resources.files("playledger.v1").joinpath("descriptors.binpb").read_bytes()
    files = list(descriptor_pb2.FileDescriptorSet.FromString(data).file)
    for module in (health_pb2, reflection_pb2):
        proto = descriptor_pb2.FileDescriptorProto()
        module.DESCRIPTOR.CopyToProto(proto)
        files.append(proto)
    files.append(_v1_of(files[-1]))
    by_name: dict[str, descriptor_pb2.FileDescriptorProto] = {}
    for proto in files:  # protoc writes each file after its imports
        by_name.setdefault(proto.name, proto)
    return by_name


def _v1_of(v1alpha: descriptor_pb2.FileDescriptorProto) -> descriptor_pb2.FileDescriptorProto:
    """grpc/reflection/v1/reflection.proto: the v1alpha file under v1's package (the messages are wire-identical).
    A client that lists services and then resolves each, as `buf curl --list-methods` does, needs it."""
    v1 = descriptor_pb2.FileDescriptorProto()
    v1.CopyFrom(v1alpha)
    v1.name = "grpc/reflection/v1/reflection.proto"
    v1.package = "grpc.reflection.v1"
    alpha = f".{v1alpha.package}."
    for message in v1.message_type:
        for field in message.field:
            if field.type_name:  # assigning "" would set it (proto2 presence): scalar fields have none
                field.type_name = field.type_name.replace(alpha, ".grpc.reflection.v1.")
    for service in v1.service:
        for method in service.method:
            method.input_type = method.input_type.replace(alpha, ".grpc.reflection.v1.")
            method.output_type = method.output_type.replace(alpha, ".grpc.reflection.v1.")
    return v1


class DocumentedReflection(reflection.ReflectionServicer):
    """Answers with the stored FileDescriptorProtos: a DescriptorPool drops their source info (the comments)."""

    def __init__(self, service_names: Sequence[str]) -> None:
        self._files = documented_files()
        pool = descriptor_pool.DescriptorPool()
        for proto in self._files.values():
            pool.Add(proto)
        super().__init__(service_names, pool=pool)

    def _file_by_filename(self, request: Any, filename: str) -> Any:
        if filename not in self._files:
            return _not_found(request)
        return self._response(filename, request)

    def _file_containing_symbol(self, request: Any, fully_qualified_name: str) -> Any:
        try:
            found = self._pool.FindFileContainingSymbol(fully_qualified_name)
        except KeyError:
            return _not_found(request)
        return self._response(found.name, request)

    def _response(self, filename: str, request: Any) -> Any:
        wanted: list[str] = []

        def collect(name: str) -> None:
            if name not in wanted:
                wanted.append(name)
                for dependency in self._files[name].dependency:
                    collect(dependency)

        collect(filename)
        return reflection_pb2.ServerReflectionResponse(
            file_descriptor_response=reflection_pb2.FileDescriptorResponse(
                file_descriptor_proto=[self._files[n].SerializeToString() for n in wanted]
            ),
            original_request=request,
        )


def _not_found(request: Any) -> Any:
    return reflection_pb2.ServerReflectionResponse(
        error_response=reflection_pb2.ErrorResponse(
            error_code=grpc.StatusCode.NOT_FOUND.value[0], error_message=b"not found"
        ),
        original_request=request,
    )


def enable(server: Any, service_names: Sequence[str]) -> None:
    """Register reflection (both versions) for these services on a grpc.Server."""
    names = (*service_names, V1, V1ALPHA)
    servicer = DocumentedReflection(names)
    for service in (V1ALPHA, V1):
        handler = grpc.stream_stream_rpc_method_handler(
            servicer.ServerReflectionInfo,
            request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
            response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
        )
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler(service, {"ServerReflectionInfo": handler}),)
        )
