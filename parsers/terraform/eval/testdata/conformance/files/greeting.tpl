Hello, ${name}!
%{ for p in ports ~}
port ${p}
%{ endfor ~}
