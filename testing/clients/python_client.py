"""The official MCP Python SDK as an AI app would use it, driven line by line by a test.

testing/python-client.ts starts this with the server's command line and the way to connect
(`--mode auto`, `--mode 2026-07-28`, or `--mode legacy --handshake <revision>`), then writes one
JSON command per line on stdin and reads one JSON answer per line on stdout:

  {"op": "info"}                                  the negotiated version, server info, instructions
  {"op": "list"}                                  tools/list (names, descriptions, icons)
  {"op": "call", "name": ..., "arguments": {...}, "progress": true}
                                                  tools/call; with the progress seen
  {"op": "cancel", "name": ..., "arguments": {...}}
                                                  starts a call and cancels it at its first progress
  {"op": "listen"}                                watches list changes (2026: subscriptions/listen;
                                                  2025: the list_changed notification)
  {"op": "changes"}                               how many list changes arrived so far (tools')
  {"op": "prompts"}                               prompts/list (names, titles, arguments)
  {"op": "prompt", "name": ..., "arguments": {...}}
                                                  prompts/get (description, messages' text)
  {"op": "complete", "prompt": ..., "argument": ..., "value": ...}
                                                  completion/complete for a prompt's argument
  {"op": "promptChanges"}                         how many prompt list changes arrived so far
  {"op": "resources"}                             resources/list and resources/templates/list (URIs)
  {"op": "read", "uri": ...}                      resources/read (each content's uri, mimeType, text)
  {"op": "subscribe", "uri": ...}                 follows a resource (2026: subscriptions/listen with
                                                  resourceSubscriptions; 2025: resources/subscribe)
  {"op": "updated"}                               the URIs of the resources/updated seen so far
  {"op": "close"}

Pinning a handshake revision: the SDK offers its newest one (LATEST_HANDSHAKE_VERSION) in
initialize and builds its capabilities for it; set here before connecting, the SDK offers and
checks the one given instead, exactly as a client of that revision would.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from typing import Any

import anyio

import mcp.client.session as session_module
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp.shared.subscriptions import PromptsListChanged
from mcp_types import Implementation, PromptReference


def reply(value: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(value) + "\n")
    sys.stdout.flush()


def content_text(result: Any) -> str:
    return "".join(getattr(block, "text", "") for block in result.content[:1])


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", required=True)
    parser.add_argument("--handshake")
    parser.add_argument("--name", default="python-sdk-test")
    parser.add_argument("command")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    if options.handshake:
        session_module.LATEST_HANDSHAKE_VERSION = options.handshake

    changes: list[str] = []
    prompt_changes: list[str] = []
    updated: list[str] = []
    modern = {"era": False}

    async def on_message(message: Any) -> None:
        # The 2025 era's notification (a 2026 client counts its listen stream's events instead).
        method = getattr(getattr(message, "root", message), "method", None)
        if method == "notifications/tools/list_changed" and not modern["era"]:
            changes.append("list_changed")
        if method == "notifications/prompts/list_changed" and not modern["era"]:
            prompt_changes.append("list_changed")
        if method == "notifications/resources/updated" and not modern["era"]:
            updated.append(str(getattr(getattr(message, "root", message), "params").uri))

    params = StdioServerParameters(command=options.command, args=options.args)
    async with Client(
        params,
        mode=options.mode,
        message_handler=on_message,
        client_info=Implementation(name=options.name, version="2.3.0"),
    ) as client:
        modern["era"] = client.protocol_version.startswith("2026")
        reply({"ready": True, "protocolVersion": client.protocol_version})
        async with anyio.create_task_group() as tasks:

            async def listen() -> None:
                async with client.listen(tools_list_changed=True, prompts_list_changed=True) as subscription:
                    honored = subscription.honored
                    reply({"listening": True, "honored": honored.model_dump(exclude_none=True) if honored else None})
                    async for event in subscription:
                        (prompt_changes if isinstance(event, PromptsListChanged) else changes).append("event")

            async def follow(uri: str) -> None:
                try:
                    async with client.listen(resource_subscriptions=[uri]) as subscription:
                        reply({"following": True})
                        async for _event in subscription:
                            updated.append(uri)
                except MCPError as error:
                    reply({"error": {"code": error.error.code, "message": error.error.message}})

            while True:
                line = await anyio.to_thread.run_sync(sys.stdin.readline)
                if not line:
                    break
                command = json.loads(line)
                op = command["op"]
                try:
                    if op == "close":
                        reply({"closed": True})
                        break
                    if op == "info":
                        info = client.server_info
                        server_info = info.model_dump(exclude_none=True) if info else None
                        instructions = client.instructions
                        if info is None:
                            # Pinned to 2026-07-28 the client adopts the revision without asking the
                            # server; server/discover tells it who the server is.
                            raw = await client.session.send_discover(client.protocol_version)
                            server_info = raw.get("_meta", {}).get("io.modelcontextprotocol/serverInfo")
                            instructions = raw.get("instructions")
                        reply(
                            {
                                "protocolVersion": client.protocol_version,
                                "serverInfo": server_info,
                                "instructions": instructions,
                            }
                        )
                    elif op == "list":
                        tools = (await client.list_tools()).tools
                        reply(
                            {
                                "tools": [
                                    {
                                        "name": tool.name,
                                        "description": tool.description,
                                        "icons": len(tool.icons or []),
                                    }
                                    for tool in tools
                                ]
                            }
                        )
                    elif op == "call":
                        progress: list[float] = []

                        async def on_progress(value: float, total: float | None, message: str | None) -> None:
                            progress.append(value)

                        result = await client.call_tool(
                            command["name"],
                            command.get("arguments", {}),
                            progress_callback=on_progress if command.get("progress") else None,
                        )
                        reply(
                            {
                                "isError": bool(result.is_error),
                                "text": content_text(result),
                                "structured": result.structured_content,
                                "progress": progress,
                            }
                        )
                    elif op == "cancel":
                        started = anyio.Event()

                        async def on_first(value: float, total: float | None, message: str | None) -> None:
                            started.set()

                        outcome: dict[str, Any] = {"cancelled": False}
                        with anyio.CancelScope() as scope:

                            async def watch() -> None:
                                await started.wait()
                                scope.cancel()

                            tasks.start_soon(watch)
                            await client.call_tool(
                                command["name"], command.get("arguments", {}), progress_callback=on_first
                            )
                        outcome["cancelled"] = scope.cancelled_caught
                        reply(outcome)
                    elif op == "listen":
                        if modern["era"]:
                            tasks.start_soon(listen)
                        else:
                            reply({"listening": True})
                    elif op == "resources":
                        listed = (await client.list_resources()).resources
                        templates = (await client.list_resource_templates()).resource_templates
                        reply(
                            {
                                "resources": [str(r.uri) for r in listed],
                                "templates": [t.uri_template for t in templates],
                            }
                        )
                    elif op == "read":
                        read = await client.read_resource(command["uri"])
                        reply(
                            {
                                "contents": [
                                    {"uri": str(c.uri), "mimeType": c.mime_type, "text": getattr(c, "text", None)}
                                    for c in read.contents
                                ]
                            }
                        )
                    elif op == "subscribe":
                        if modern["era"]:
                            tasks.start_soon(follow, command["uri"])
                        else:
                            await client.subscribe_resource(command["uri"])
                            reply({"following": True})
                    elif op == "updated":
                        reply({"updated": updated})
                    elif op == "changes":
                        reply({"changes": len(changes)})
                    elif op == "promptChanges":
                        reply({"changes": len(prompt_changes)})
                    elif op == "prompts":
                        prompts = (await client.list_prompts(cache_mode="bypass")).prompts
                        reply(
                            {
                                "prompts": [
                                    {
                                        "name": prompt.name,
                                        "title": prompt.title,
                                        "description": prompt.description,
                                        "arguments": [
                                            {"name": a.name, "description": a.description, "required": a.required}
                                            for a in prompt.arguments or []
                                        ],
                                    }
                                    for prompt in prompts
                                ]
                            }
                        )
                    elif op == "prompt":
                        got = await client.get_prompt(command["name"], command.get("arguments", {}))
                        reply(
                            {
                                "description": got.description,
                                "messages": [
                                    {"role": m.role, "text": getattr(m.content, "text", "")} for m in got.messages
                                ],
                            }
                        )
                    elif op == "complete":
                        done = await client.complete(
                            PromptReference(name=command["prompt"]),
                            {"name": command["argument"], "value": command.get("value", "")},
                        )
                        reply({"values": done.completion.values})
                    else:
                        reply({"error": {"message": f"unknown op {op}"}})
                except MCPError as error:
                    reply({"error": {"code": error.error.code, "message": error.error.message}})
                except Exception as error:  # the test reads what went wrong
                    reply({"error": {"message": repr(error), "trace": traceback.format_exc()}})
            tasks.cancel_scope.cancel()


if __name__ == "__main__":
    anyio.run(main)
